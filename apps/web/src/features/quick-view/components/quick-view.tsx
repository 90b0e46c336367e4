import type { ProductView } from '@closetly/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from '@/components/ui/icons';
import { QuickViewDetails } from './quick-view-details';

export interface QuickViewProps {
  /** The product to show; null keeps the dialog closed. */
  product: ProductView | null;
  onClose: () => void;
}

/** The quick view dialog (spec §2): rows, grids and cards open it with a product. */
export function QuickView({ product, onClose }: QuickViewProps) {
  // Without a description there is nothing to describe the dialog by (Radix asks for an explicit opt-out).
  const describedBy = product?.description.trim() ? {} : { 'aria-describedby': undefined };
  return (
    <Dialog.Root open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content quick-view-dialog" {...describedBy}>
          {product ? (
            <QuickViewDetails
              product={product}
              renderTitle={(name) => <Dialog.Title className="quick-view__name">{name}</Dialog.Title>}
              renderDescription={(text) => <Dialog.Description className="quick-view__description">{text}</Dialog.Description>}
            />
          ) : null}
          <Dialog.Close className="icon-button dialog-close" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
