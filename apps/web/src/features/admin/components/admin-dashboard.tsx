import { formatUsd } from '@closetly/catalogue-rules';
import type { AtRiskItem, Product } from '@closetly/contracts';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/form-alert';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';
import { useAdminLists, useSystemStatus } from '../api/admin-queries';
import { activeSavesText, atRiskFailureMessage, atRiskStatus, contestedFailureMessage, formatLastActivity, systemFailureMessage, ungenderedFailureMessage } from '../lib/admin-status';
import { ContestedProducts } from './contested-products';
import { ProductDialog } from './product-dialog';
import { SystemPanel } from './system-panel';
import { BusyButton } from '@/components/ui/busy-button';

/**
 * Spec §2 /admin: the at-risk table and Products Missing Gender Tags, a Refresh button, and the
 * loading, error and loaded states (§3). After an error the message shows in red and both lists are
 * emptied (§8). The server decides who is an administrator (403 otherwise).
 */
export function AdminDashboard() {
  const { atRisk, ungendered, contested } = useAdminLists();
  // Not in the spec's lists: its loading and failure stay its own, so the spec's states are unchanged.
  const system = useSystemStatus();
  const [editing, setEditing] = useState<Product | null>(null);

  const loading = atRisk.isFetching || ungendered.isFetching || contested.isFetching;
  const errors = [
    atRisk.error ? atRiskFailureMessage(atRisk.error) : null,
    ungendered.error ? ungenderedFailureMessage(ungendered.error) : null,
    contested.error ? contestedFailureMessage(contested.error) : null,
  ].filter(
    (message): message is string => message !== null,
  );
  const failed = errors.length > 0;
  const atRiskItems = failed ? [] : (atRisk.data ?? []);
  const products = failed ? [] : (ungendered.data ?? []);
  const contests = failed ? [] : (contested.data ?? []);
  const refresh = () => void Promise.all([atRisk.refetch(), ungendered.refetch(), contested.refetch(), system.refetch()]);

  return (
    <div className="admin">
      <div className="admin__toolbar">
        <BusyButton type="button" className="button button--primary" onClick={refresh} busy={loading}>
          Refresh
        </BusyButton>
        {loading ? (
          <span className="admin__loading" role="status">
            Loading...
          </span>
        ) : null}
      </div>
      {!loading && failed
        ? [...new Set(errors)].map((message) => (
            <FormAlert key={message} tone="error">
              {message}
            </FormAlert>
          ))
        : null}

      <section className="admin__section" aria-labelledby="at-risk-heading">
        <h2 id="at-risk-heading" className="admin__heading">
          At Risk Items
        </h2>
        <div className="admin__table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Item ID</th>
                <th scope="col">Last Activity</th>
                <th scope="col">Status</th>
                <th scope="col">Active Saves</th>
              </tr>
            </thead>
            <tbody aria-busy={loading || undefined}>
              {atRiskItems.length === 0 ? (
                <tr>
                  <td colSpan={4} className="admin-table__empty">
                    {loading ? 'Loading...' : 'No items are currently at risk of deletion.'}
                  </td>
                </tr>
              ) : (
                atRiskItems.map((item) => {
                  const status = atRiskStatus(item.daysUntilDeletion);
                  return (
                    <tr key={item.itemId}>
                      <td className="admin-table__lead">
                        <AtRiskProduct item={item} onOpen={setEditing} />
                      </td>
                      <td data-label="Last Activity">
                        <time dateTime={item.lastUnsavedAt}>{formatLastActivity(item.lastUnsavedAt)}</time>
                      </td>
                      <td data-label="Status">
                        <span className={`admin-status admin-status--${status.tone}`}>{status.text}</span>
                      </td>
                      <td data-label="Active Saves">{activeSavesText(item.savedByUsers)}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      </section>

      <section className="admin__section" aria-labelledby="ungendered-heading">
        <h2 id="ungendered-heading" className="admin__heading">
          Products Missing Gender Tags
        </h2>
        <div className="admin__table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Name</th>
                <th scope="col">Brand</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody aria-busy={loading || undefined}>
              {products.length === 0 ? (
                <tr>
                  <td colSpan={5} className="admin-table__empty">
                    {loading ? 'Loading...' : 'No products missing gender tags.'}
                  </td>
                </tr>
              ) : (
                products.map((product) => (
                  <tr key={product.id}>
                    <td className="admin-table__picture">
                      <img className="admin-table__image" src={productImageSrc(product)} alt="" loading="lazy" onError={showPlaceholderOnError} />
                    </td>
                    <td className="admin-table__name">{product.name}</td>
                    <td data-label="Brand">{product.brand}</td>
                    <td data-label="Price">{formatUsd(product.price)}</td>
                    <td className="admin-table__action">
                      <button type="button" className="button button--ghost button--small" onClick={() => setEditing(product)} aria-label={`Edit ${product.name}`}>
                        Edit
                      </button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
      <ContestedProducts contests={contests} loading={loading} />
      <SystemPanel status={system.data} loading={system.isFetching} error={system.error ? systemFailureMessage(system.error) : null} />
      <ProductDialog product={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/**
 * The Item ID cell: the product's picture and name, which opens its dialog, above the spec's id. A
 * product the catalogue no longer holds (removed meanwhile) shows its id alone.
 */
function AtRiskProduct({ item, onOpen }: { item: AtRiskItem; onOpen: (product: Product) => void }) {
  const { product } = item;
  return (
    <div className="admin-product">
      <img className="admin-table__image" src={productImageSrc(product ?? {})} alt="" loading="lazy" onError={showPlaceholderOnError} />
      <div className="admin-product__text">
        {product ? (
          <button type="button" className="admin-product__name" onClick={() => onOpen(product)}>
            {product.name}
          </button>
        ) : (
          <span className="admin-product__gone">No longer in the catalogue</span>
        )}
        <span className="admin-table__id">{item.itemId}</span>
      </div>
    </div>
  );
}
