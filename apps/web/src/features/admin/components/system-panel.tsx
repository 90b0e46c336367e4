import type { SystemStatus } from '@closetly/contracts';
import { FormAlert } from '@/components/ui/form-alert';
import { formatWait, lagText, outboxIsLate } from '../lib/system-figures';

export interface SystemPanelProps {
  status: SystemStatus | undefined;
  loading: boolean;
  /** The failure's message, when the figures could not be read. */
  error: string | null;
}

/**
 * System (not in the spec; designed in the dashboard's style): each service's outbox backlog and how long
 * its oldest pending event has waited, its consumer group's lag, and the dead letters parked per topic.
 * A service that did not answer says so in its row; the rest still show.
 */
export function SystemPanel({ status, loading, error }: SystemPanelProps) {
  const services = error ? [] : (status?.services ?? []);
  const deadLetters = error ? [] : (status?.deadLetters ?? []);
  const empty = (text: string, columns: number) => (
    <tr>
      <td colSpan={columns} className="admin-table__empty">
        {loading ? 'Loading...' : text}
      </td>
    </tr>
  );

  return (
    <section className="admin__section" aria-labelledby="system-heading">
      <h2 id="system-heading" className="admin__heading">
        System
      </h2>
      {!loading && error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <div className="admin__table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">Events waiting in each service</caption>
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Outbox Backlog</th>
              <th scope="col">Oldest Pending</th>
              <th scope="col">Consumer Lag</th>
            </tr>
          </thead>
          <tbody aria-busy={loading || undefined}>
            {services.length === 0
              ? empty('No figures.', 4)
              : services.map((service) => (
                  <tr key={service.service}>
                    <th scope="row">{service.service}</th>
                    {service.outbox === null ? (
                      <td colSpan={3}>
                        <span className="admin-status admin-status--urgent">Not answering</span>
                      </td>
                    ) : (
                      <>
                        <td>{service.outbox.pending.toLocaleString('en-US')}</td>
                        <td>
                          {outboxIsLate(service.outbox.oldestPendingSeconds) ? (
                            <span className="admin-status admin-status--urgent">{formatWait(service.outbox.oldestPendingSeconds)}</span>
                          ) : (
                            formatWait(service.outbox.oldestPendingSeconds)
                          )}
                        </td>
                        <td>{lagText(service.consumerLag)}</td>
                      </>
                    )}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      <div className="admin__table-wrap system__dead-letters">
        <table className="admin-table">
          <caption className="visually-hidden">Dead letters per topic</caption>
          <thead>
            <tr>
              <th scope="col">Dead-Letter Topic</th>
              <th scope="col">Parked</th>
            </tr>
          </thead>
          <tbody aria-busy={loading || undefined}>
            {deadLetters.length === 0
              ? empty('No dead letters.', 2)
              : deadLetters.map((topic) => (
                  <tr key={topic.topic}>
                    <td className="admin-table__id">{topic.topic}</td>
                    <td>{topic.count > 0 ? <span className="admin-status admin-status--warning">{topic.count.toLocaleString('en-US')}</span> : '0'}</td>
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
