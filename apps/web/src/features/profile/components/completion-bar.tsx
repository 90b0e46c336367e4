import { useId } from 'react';
import { PROFILE_MESSAGES } from '../lib/profile-messages';

export interface CompletionBarProps {
  /** 0 to 100. */
  percent: number;
}

/** The completion percentage bar (spec §2), and Profile Complete! at 100 %. */
export function CompletionBar({ percent }: CompletionBarProps) {
  const labelId = useId();
  const complete = percent >= 100;
  return (
    <div className="profile-completion">
      <div className="profile-completion__top">
        <span id={labelId} className="profile-completion__label">
          Profile completion
        </span>
        <span className="profile-completion__value" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        className="profile-completion__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className={complete ? 'profile-completion__fill profile-completion__fill--complete' : 'profile-completion__fill'} style={{ width: `${percent}%` }} />
      </div>
      {complete ? <p className="profile-completion__done">{PROFILE_MESSAGES.complete}</p> : null}
    </div>
  );
}
