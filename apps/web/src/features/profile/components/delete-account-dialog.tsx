import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@closetly/api-client';
import type { DeleteAccountRequest } from '@closetly/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/form-field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useDeleteAccount } from '../api/delete-account';
import { DeleteAccountForm, type DeleteAccountFormValues } from '../lib/delete-account-form';
import { deleteFailureMessage, PRIVACY_MESSAGES as M } from '../lib/privacy-messages';
import { BusyButton } from '@/components/ui/busy-button';

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Deleting the account, in two steps of one alert dialog (focus kept inside, Escape closes): first what
 * is deleted and that it cannot be undone (Cancel takes the focus), then the current password. While the
 * deletion is on its way the dialog stays open; once done, useDeleteAccount signs out and leaves.
 */
export function DeleteAccountDialog({ open, onClose }: DeleteAccountDialogProps) {
  const deletion = useDeleteAccount();
  const close = () => {
    if (deletion.isPending) return;
    deletion.reset();
    onClose();
  };
  return (
    <ModalDialog open={open} onClose={close} className="delete-account" role="alertdialog">
      <DeleteAccountSteps deletion={deletion} onCancel={close} />
    </ModalDialog>
  );
}

type Deletion = ReturnType<typeof useDeleteAccount>;

function DeleteAccountSteps({ deletion, onCancel }: { deletion: Deletion; onCancel: () => void }) {
  const [step, setStep] = useState<'confirm' | 'password'>('confirm');
  if (step === 'password') return <PasswordStep deletion={deletion} onCancel={onCancel} />;
  return (
    <>
      <Dialog.Title className="delete-account__title">{M.confirmTitle}</Dialog.Title>
      <Dialog.Description className="delete-account__text">{M.confirmBody}</Dialog.Description>
      <p className="delete-account__hint">{M.confirmHint}</p>
      <div className="delete-account__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {M.cancel}
        </button>
        <button type="button" className="button button--danger" onClick={() => setStep('password')}>
          {M.continue}
        </button>
      </div>
    </>
  );
}

function PasswordStep({ deletion, onCancel }: { deletion: Deletion; onCancel: () => void }) {
  const form = useForm<DeleteAccountFormValues, unknown, DeleteAccountRequest>({
    resolver: zodResolver(DeleteAccountForm),
    defaultValues: { password: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = deletion.isPending;

  const remove = (body: DeleteAccountRequest) => {
    setFailure(null);
    deletion.mutate(body, {
      onError: (error) => {
        const fieldMessage = error instanceof ApiError ? error.fields?.password?.[0] : undefined;
        if (fieldMessage) {
          form.setError('password', { type: 'server', message: fieldMessage }, { shouldFocus: true });
          return;
        }
        setFailure(deleteFailureMessage(error));
        // Back to the field, its text selected, to type the password again.
        form.setFocus('password', { shouldSelect: true });
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(remove)(event);

  return (
    <form className="delete-account__form" noValidate onSubmit={onSubmit}>
      <Dialog.Title className="delete-account__title">{M.passwordTitle}</Dialog.Title>
      <Dialog.Description className="delete-account__text">{M.passwordBody}</Dialog.Description>
      <TextField
        label={M.passwordLabel}
        type="password"
        autoComplete="current-password"
        // The step replaced the button that had the focus: the field takes it.
        autoFocus
        description={M.passwordHint}
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <div className="delete-account__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {M.cancel}
        </button>
        <BusyButton type="submit" className="button button--danger" busy={busy} busyText={M.deleting}>
          {M.deleteFinal}
        </BusyButton>
      </div>
    </form>
  );
}
