import CircleCheck from 'lucide-react/icons/circle-check';
import { kitIcon } from './kitIcon';

export const IconDone = /* @__PURE__ */ kitIcon(CircleCheck);
