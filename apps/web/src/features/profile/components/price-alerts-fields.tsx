import type { UpdateProfileRequest } from '@closetly/contracts';
import { useFormContext, useFormState } from 'react-hook-form';
import { SelectField } from '@/components/ui/form-field';
import { MIN_DROP_OPTIONS, parseMinDrop, type ProfileFormValues } from '../lib/profile-form';

/**
 * Price alerts (issue 25), saved with the profile: on or off (off by default), the least drop that
 * alerts, and whether rises alert too. Targets are set per item from its quick view.
 */
export function PriceAlertsFields() {
  const form = useFormContext<ProfileFormValues, unknown, UpdateProfileRequest>();
  const { errors } = useFormState({ control: form.control, name: 'priceAlerts' });
  return (
    <div className="price-alerts">
      <label className="switch-field">
        <input type="checkbox" role="switch" {...form.register('priceAlerts.enabled')} />
        <span>
          Send me price alerts
          <span className="switch-field__hint">At most one e-mail a day listing every saved item that crossed, and a note in your notifications.</span>
        </span>
      </label>
      <div className="profile-grid">
        <SelectField
          label="Alert me when a saved item's price drops by"
          error={errors.priceAlerts?.minDropPercent?.message}
          {...form.register('priceAlerts.minDropPercent', { setValueAs: parseMinDrop })}
        >
          {MIN_DROP_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <label className="switch-field">
        <input type="checkbox" {...form.register('priceAlerts.rises')} />
        <span>Also tell me when prices rise</span>
      </label>
      <p className="form-field__description">To be told when an item goes below a price you choose, set a target price from its quick view.</p>
    </div>
  );
}
