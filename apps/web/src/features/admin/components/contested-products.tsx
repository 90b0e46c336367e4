import type { ContestedProduct, ContestReason, ResolveContestRequest } from '@closetly/contracts';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';
import { useResolveContest } from '../api/admin-queries';
import { contestPrice, CONTEST_REASON_TEXT, formatCheckedAt } from '../lib/contest-text';

export interface ContestedProductsProps {
  contests: readonly ContestedProduct[];
  loading: boolean;
}

/**
 * Contested Products (not shown in the spec; designed in the dashboard's style): each product whose
 * proved savers disagree, with each other or with the retailer's page, and the versions side by
 * side: what shows now, the page's (when it was read) and each proved saver's, the first saver's
 * marked. The administrator keeps the page's version, one saver's, or hides the product; a settled
 * product leaves the table until new evidence contests it again.
 */
export function ContestedProducts({ contests, loading }: ContestedProductsProps) {
  const resolve = useResolveContest();
  const keep = (contest: ContestedProduct, resolution: Parameters<typeof resolve.mutate>[0]['resolution']) => resolve.mutate({ productId: contest.productId, resolution });
  const busy = (productId: string) => resolve.isPending && resolve.variables?.productId === productId;
  /** The button whose choice is on its way: it says so, the product's other buttons only wait. */
  const sending = (productId: string, choice: ResolveContestRequest) => {
    const sent = resolve.variables?.resolution;
    return busy(productId) && sent?.keep === choice.keep && (sent.keep !== 'capture' || (choice.keep === 'capture' && sent.userId === choice.userId));
  };

  return (
    <section className="admin__section" aria-labelledby="contested-heading">
      <h2 id="contested-heading" className="admin__heading">
        Contested Products
      </h2>
      {resolve.isError ? <FormAlert tone="error">Failed to settle the product. Please try again.</FormAlert> : null}
      <div className="admin__table-wrap">
        <table className="admin-table admin-table--contested">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Why</th>
              <th scope="col">Versions</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody aria-busy={loading || undefined}>
            {contests.length === 0 ? (
              <tr>
                <td colSpan={4} className="admin-table__empty">
                  {loading ? 'Loading...' : 'No contested products.'}
                </td>
              </tr>
            ) : (
              contests.map((contest) => (
                <tr key={contest.productId}>
                  <td>
                    <div className="contest__shown">
                      <img className="admin-table__image" src={productImageSrc(contest.shown)} alt="" loading="lazy" onError={showPlaceholderOnError} />
                      <div>
                        <p className="contest__name">{contest.shown.name}</p>
                        <p className="contest__meta">
                          {contest.shown.brand} · {contestPrice(contest.shown.price, contest.shown.currency)}
                        </p>
                        <p className="contest__meta">{contest.shown.hidden ? 'Hidden' : contest.shown.listed ? 'Listed' : 'Not listed'}</p>
                      </div>
                    </div>
                  </td>
                  <td>
                    <ul className="contest__reasons">
                      {contest.reasons.map((reason: ContestReason) => (
                        <li key={reason} className="admin-status admin-status--warning">
                          {CONTEST_REASON_TEXT[reason]}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <ul className="contest__versions" aria-label={`Versions of ${contest.shown.name}`}>
                      {contest.page ? (
                        <li className="contest__version">
                          <span className="contest__source">Retailer's page, read {formatCheckedAt(contest.page.fetchedAt)}</span>
                          <span className="contest__name">{contest.page.name}</span>
                          <span className="contest__meta">
                            {contest.page.brand ?? 'No brand'} · {contestPrice(contest.page.price, contest.page.currency)}
                          </span>
                        </li>
                      ) : null}
                      {contest.captures.map((capture, index) => (
                        <li key={capture.userId} className="contest__version">
                          <span className="contest__source">
                            Saver {index + 1}
                            {capture.first ? ' (first)' : ''}, saved {formatCheckedAt(capture.capturedAt)}
                          </span>
                          <span className="contest__name">{capture.name}</span>
                          <span className="contest__meta">
                            {capture.brand} · {contestPrice(capture.price, capture.currency)}
                          </span>
                          <BusyButton
                            type="button"
                            className="button button--ghost button--small"
                            busy={sending(contest.productId, { keep: 'capture', userId: capture.userId })}
                            disabled={busy(contest.productId)}
                            onClick={() => keep(contest, { keep: 'capture', userId: capture.userId })}
                            aria-label={`Keep saver ${index + 1}'s version of ${contest.shown.name}`}
                          >
                            Keep this
                          </BusyButton>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <div className="contest__actions">
                      {contest.page ? (
                        <BusyButton
                          type="button"
                          className="button button--primary button--small"
                          busy={sending(contest.productId, { keep: 'page' })}
                          disabled={busy(contest.productId)}
                          onClick={() => keep(contest, { keep: 'page' })}
                          aria-label={`Keep the page's version of ${contest.shown.name}`}
                        >
                          Keep page
                        </BusyButton>
                      ) : null}
                      <BusyButton
                        type="button"
                        className="button button--danger button--small"
                        busy={sending(contest.productId, { keep: 'hidden' })}
                        disabled={busy(contest.productId)}
                        onClick={() => keep(contest, { keep: 'hidden' })}
                        aria-label={`Hide ${contest.shown.name}`}
                      >
                        Hide
                      </BusyButton>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
