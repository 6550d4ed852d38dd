import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { kitIcon } from './kitIcon';

export const IconRetry = /* @__PURE__ */ kitIcon(RotateCcw);
