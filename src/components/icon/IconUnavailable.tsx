import CircleMinus from 'lucide-react/icons/circle-minus';
import { kitIcon } from './kitIcon';

export const IconUnavailable = /* @__PURE__ */ kitIcon(CircleMinus);
