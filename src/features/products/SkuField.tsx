// The SKU field of Info and Add Products (issue 43): a SKU another product of the company already has
// is said under the field in the contract's words (skuWarning), as PIMs say it; saving stays allowed.
import { useSkuWarning } from '../../data/catalog/index.ts';
import { TextField } from '../../ui/TextField.tsx';

interface Props {
  customerId: number;
  /** The product being edited (it does not warn about itself); none for a new one. */
  self?: number;
  value: string;
  error?: string;
  onChange: (sku: string) => void;
}

export function SkuField({ customerId, self, value, error, onChange }: Props) {
  const warning = useSkuWarning(customerId, value, self);
  return <TextField label="SKU" value={value} error={error} warning={warning} onChange={(e) => onChange(e.target.value)} />;
}
