// A figure of the model report marked pass, warn or not checked: an icon and a word, never colour alone.
import { CircleCheck, CircleMinus, TriangleAlert } from 'lucide-react';
import { Badge } from '../../ui/Badge.tsx';

/** Pass, warn, or not checked: the badge of one figure. */
export function Check({ pass }: { pass: boolean | undefined }) {
  if (pass === undefined)
    return (
      <Badge tone="neutral" size="sm" icon={<CircleMinus aria-hidden="true" />} data-check="none">
        Not checked
      </Badge>
    );
  return pass ? (
    <Badge tone="success" size="sm" icon={<CircleCheck aria-hidden="true" />} data-check="pass">
      Pass
    </Badge>
  ) : (
    <Badge tone="warning" size="sm" icon={<TriangleAlert aria-hidden="true" />} data-check="warn">
      Warning
    </Badge>
  );
}
