import 'reflect-metadata';
import { Logger } from '@nestjs/common';

// Quiet test output: Nest's static logger stays silent unless TEST_LOG_LEVEL asks for logs.
if (!process.env.TEST_LOG_LEVEL) Logger.overrideLogger(false);
