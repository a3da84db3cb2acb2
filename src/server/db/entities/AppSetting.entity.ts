import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { clock } from '../../clock';

/** Server-wide values shared by every instance: the admin password hash, signing secrets, seed marks. */
export const AppSetting = defineEntity({
  name: 'AppSetting',
  properties: {
    key: p.string().length(60).primary(),
    value: p.text(),
    updatedAt: p.datetime().onCreate(() => clock.now()).onUpdate(() => clock.now()),
  },
});
export type IAppSetting = InferEntity<typeof AppSetting>;
