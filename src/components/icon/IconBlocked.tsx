import Ban from 'lucide-react/icons/ban';
import { kitIcon } from './kitIcon';

export const IconBlocked = /* @__PURE__ */ kitIcon(Ban);
