import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app.config.js';
import { dataSourceOptions } from './src/database/data-source-options.js';

/** Data source for the TypeORM CLI (`npm run migration:run`). */
export default new DataSource(dataSourceOptions(loadConfig()));
