import Hand from 'lucide-react/icons/hand';
import { kitIcon } from './kitIcon';

export const IconWaiting = /* @__PURE__ */ kitIcon(Hand);
