// "Pending" beside whatever this device has queued and not sent yet (the catalogue's mark).
import { Clock } from 'lucide-react';
import { Badge } from '../../ui/Badge.tsx';

export const PendingBadge = () => (
  <Badge tone="warning" size="sm" icon={<Clock />} data-testid="pending-mark">
    Pending
  </Badge>
);
