import { resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';
import { ParticipantDirectory } from './application/participant-directory.js';
import { CsvParticipantDirectory } from './infrastructure/csv-participant-directory.adapter.js';

/** The Central Bank's Pix participant list (data/), loaded once when the app starts. */
@Module({
  providers: [
    {
      provide: ParticipantDirectory,
      inject: [APP_CONFIG],
      // Relative to the working directory, not this file: the data ships beside package.json, not in dist/.
      useFactory: (config: AppConfig) =>
        CsvParticipantDirectory.load(resolve(process.cwd(), config.participantsFile), { ispb: config.pspIspb, name: config.pspName }),
    },
  ],
  exports: [ParticipantDirectory],
})
export class ParticipantsModule {}
