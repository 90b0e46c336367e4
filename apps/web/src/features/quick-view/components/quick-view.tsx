import type { ProductView } from '@closetly/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { QuickViewDetails } from './quick-view-details';

export interface QuickViewProps {
  /** The product to show; null keeps the dialog closed. */
  product: ProductView | null;
  onClose: () => void;
}

/** The quick view dialog (spec §2): rows, grids and cards open it with a product. */
export function QuickView({ product, onClose }: QuickViewProps) {
  return (
    <ModalDialog open={product !== null} onClose={onClose} className="quick-view-dialog" described={Boolean(product?.description.trim())}>
      {product ? (
        <QuickViewDetails
          product={product}
          renderTitle={(name) => <Dialog.Title className="quick-view__name">{name}</Dialog.Title>}
          renderDescription={(text) => <Dialog.Description className="quick-view__description">{text}</Dialog.Description>}
        />
      ) : null}
    </ModalDialog>
  );
}
