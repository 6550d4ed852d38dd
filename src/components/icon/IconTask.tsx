import ListChecks from 'lucide-react/icons/list-checks';
import { kitIcon } from './kitIcon';

export const IconTask = /* @__PURE__ */ kitIcon(ListChecks);
