import { PRODUCT_GENDERS, type ProductGender } from '@closetly/contracts';
import { useEffect, useId, useState } from 'react';
import { useSendItemFeedback } from '../api/send-item-feedback';

/** Spec §9: the thanks show for 3 s. */
export const FEEDBACK_THANKS_MS = 3000;

type FeedbackState = 'closed' | 'choosing' | 'submitting' | 'thanked';

export interface ItemFeedbackProps {
  itemId: string;
}

/** Spec §2/§4: Provide Feedback → choose a gender category → thanks for 3 s. A failure is only logged. */
export function ItemFeedback({ itemId }: ItemFeedbackProps) {
  const [state, setState] = useState<FeedbackState>('closed');
  const send = useSendItemFeedback();
  const headingId = useId();

  useEffect(() => {
    if (state !== 'thanked') return;
    const timer = setTimeout(() => setState('closed'), FEEDBACK_THANKS_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const choose = async (gender: ProductGender) => {
    setState('submitting');
    try {
      await send.mutateAsync({ itemId, gender });
      setState('thanked');
    } catch (error) {
      console.error('Item feedback failed', error);
      setState('closed');
    }
  };

  if (state === 'thanked') {
    return (
      <div className="item-feedback">
        <p className="item-feedback__thanks" role="status">
          Thank you for your feedback!
        </p>
      </div>
    );
  }

  if (state === 'closed') {
    return (
      <div className="item-feedback">
        <button type="button" className="link-button" onClick={() => setState('choosing')}>
          Provide Feedback
        </button>
      </div>
    );
  }

  return (
    <div className="item-feedback" role="group" aria-labelledby={headingId} aria-busy={state === 'submitting'}>
      <p id={headingId} className="item-feedback__title">
        Select Item&apos;s Gender Category
      </p>
      <p className="item-feedback__hint">Help us improve our product categorization</p>
      <div className="item-feedback__choices">
        {PRODUCT_GENDERS.map((gender) => (
          <button key={gender} type="button" className="chip" disabled={state === 'submitting'} onClick={() => void choose(gender)}>
            {gender}
          </button>
        ))}
      </div>
    </div>
  );
}
