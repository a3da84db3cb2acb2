import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Server-wide values shared by every instance: the admin password hash, signing secrets, seed marks. */
export const AppSetting = defineEntity({
  name: 'AppSetting',
  properties: {
    key: p.string().length(60).primary(),
    value: p.text(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IAppSetting = InferEntity<typeof AppSetting>;
