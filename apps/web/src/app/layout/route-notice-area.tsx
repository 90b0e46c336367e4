import { useLocation } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { noticeOf } from '@/lib/route-notice';
import { useExpiring } from '@/lib/use-expiring';

/**
 * The app shell's message area, at the top of every page: the notice a navigation brought along
 * (lib/route-notice.ts), for 5 s (spec §9). The live region stays in place across pages, so the
 * message is announced when it appears.
 */
export function RouteNoticeArea() {
  const notice = noticeOf(useLocation().state);
  const visible = useExpiring(notice?.at ?? 0);
  return (
    <div className="route-notice container" aria-live="polite">
      {notice && visible ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
    </div>
  );
}
