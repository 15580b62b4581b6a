// The conflict dialog's row names (issue 43): each field as the screen labels it, from the contract's
// rule of the field (productRules, presetRules). A field no rule labels is spelled out from its key
// ("id_role" gives "Id role"), never shown as the lower-case key itself.
import type { RuleTable } from '../../api/contract/rules/check.ts';
import { productRules } from '../../api/contract/rules/product.ts';
import { presetRules } from '../../api/contract/rules/preset.ts';

const spelled = (key: string) => {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const labelsOf =
  (table: RuleTable) =>
  (key: string): string =>
    table[key]?.label ?? spelled(key);

/** A product Info field ('Name', 'SKU', 'Unit' for measure). */
export const productFieldLabel = labelsOf(productRules);
/** A preset setting ('Drop Shadow', 'Background Scale'); vignette's table holds every section's fields. */
export const presetFieldLabel = labelsOf(presetRules.vignette);
