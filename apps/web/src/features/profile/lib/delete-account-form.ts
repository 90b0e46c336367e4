import { DeleteAccountRequest } from '@closetly/contracts';
import { z } from 'zod';

/** The password step's field as typed: '' when left empty. */
export interface DeleteAccountFormValues {
  password: string;
}

/**
 * The password step, checked with the rules of the body the server checks (DeleteAccountRequest): a
 * field left empty sends no password, as an account without one (third-party sign-in only) does.
 */
export const DeleteAccountForm = z
  .object({ password: z.string().transform((password) => (password === '' ? undefined : password)).pipe(DeleteAccountRequest.shape.password) })
  .transform(({ password }): DeleteAccountRequest => (password === undefined ? {} : { password }));
