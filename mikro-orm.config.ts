import { ormConfig } from './src/server/db/config';

/**
 * For the MikroORM CLI only (`npm run db:migration:create`). It needs a reachable database:
 * set DATABASE_URL, or run `npm run db:dev` to start the embedded one and print its URL.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to run the MikroORM CLI (npm run db:dev prints one).');

export default ormConfig(url);
