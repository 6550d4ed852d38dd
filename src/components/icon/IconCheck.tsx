import Check from 'lucide-react/icons/check';
import { kitIcon } from './kitIcon';

export const IconCheck = /* @__PURE__ */ kitIcon(Check);
