import { z } from 'zod';
import { PlatformEnv, ServiceAddressEnv } from './env';

/** Every service process: the platform settings, where services listen, and its health port. */
export const serviceEnv = <TPortVar extends string>(portVariable: TPortVar, defaultPort: number) =>
  PlatformEnv.extend(ServiceAddressEnv.shape).extend({
    HTTP_HOST: z.string().min(1).default('127.0.0.1'),
    ...({ [portVariable]: z.coerce.number().int().min(0).max(65_535).default(defaultPort) } as Record<TPortVar, z.ZodDefault<z.ZodCoercedNumber>>),
  });
