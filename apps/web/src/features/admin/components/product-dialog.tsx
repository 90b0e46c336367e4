import { formatUsd } from '@closetly/catalogue-rules';
import { PRODUCT_GENDERS, type Product, type ProductGender } from '@closetly/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { productImageSrc, showPlaceholderOnError } from '@/lib/product-image';
import { useKeepFocusWhileBusy } from '@/lib/use-keep-focus-while-busy';
import { useProductActions } from '../api/admin-queries';
import { hiddenChangeNotice, visibilityText } from '../lib/product-visibility';
import { BusyButton } from '@/components/ui/busy-button';

/**
 * The administrator's product dialog (spec §2 "an Edit action that opens the product dialog"): set the
 * product's gender tag, or hide it from every public list. Not shown in the spec beyond that: the
 * product's picture, name, brand and price head it, and each action says when it is done.
 */
export function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <ModalDialog open={product !== null} onClose={onClose} className="admin-dialog" described={false}>
      {/* Keyed by product: each product opens with its own choices, never the last one's. */}
      {product ? <ProductEditor key={product.id} product={product} /> : null}
    </ModalDialog>
  );
}

function ProductEditor({ product }: { product: Product }) {
  const { setGender, setHidden } = useProductActions();
  const [gender, setGenderChoice] = useState<ProductGender>(product.gender !== 'Unisex' ? product.gender : 'Women');
  // Listed and hidden as the server last answered: what the dialog says of where the product shows.
  const [visibility, setVisibility] = useState({ listed: product.listed, hidden: product.hidden });
  const { hidden } = visibility;
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const genderId = useId();
  const busy = setGender.isPending || setHidden.isPending;
  useKeepFocusWhileBusy(busy);

  const saveGender = async () => {
    try {
      await setGender.mutateAsync({ product, gender });
      setNotice({ text: `Gender set to ${gender}.`, error: false });
    } catch (error) {
      setNotice({ text: `Could not set the gender: ${error instanceof Error ? error.message : String(error)}`, error: true });
    }
  };

  const toggleHidden = async () => {
    try {
      const saved = await setHidden.mutateAsync({ product, hidden: !hidden });
      setVisibility({ listed: saved.listed, hidden: saved.hidden });
      setNotice({ text: hiddenChangeNotice(saved), error: false });
    } catch (error) {
      setNotice({ text: `Could not change visibility: ${error instanceof Error ? error.message : String(error)}`, error: true });
    }
  };

  return (
    <>
      <div className="admin-dialog__head">
        <img className="admin-dialog__image" src={productImageSrc(product)} alt="" onError={showPlaceholderOnError} />
        <div>
          <Dialog.Title className="admin-dialog__title">{product.name}</Dialog.Title>
          <p className="admin-dialog__meta">
            {product.brand} · {formatUsd(product.price)}
          </p>
          <p className="admin-dialog__meta">ID {product.id}</p>
        </div>
      </div>
      <div className="admin-dialog__row">
        <label htmlFor={genderId}>Gender</label>
        <select id={genderId} value={gender} onChange={(event) => setGenderChoice(event.target.value as ProductGender)} disabled={busy}>
          {PRODUCT_GENDERS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <BusyButton type="button" className="button button--primary" onClick={() => void saveGender()} busy={setGender.isPending} disabled={busy}>
          Save Gender
        </BusyButton>
      </div>
      <div className="admin-dialog__row">
        <p className="admin-dialog__visibility">{visibilityText(visibility)}</p>
        <BusyButton type="button" className="button button--ghost" onClick={() => void toggleHidden()} busy={setHidden.isPending} disabled={busy}>
          {hidden ? 'Show Product' : 'Hide Product'}
        </BusyButton>
      </div>
      {/* The status region is always there, so a success is announced when it appears (an error is an alert). */}
      <div role="status">{notice && !notice.error ? <p className="admin-dialog__notice">{notice.text}</p> : null}</div>
      {notice?.error ? (
        <p className="form-alert form-alert--error" role="alert">
          {notice.text}
        </p>
      ) : null}
    </>
  );
}
