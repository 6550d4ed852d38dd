import CircleSlash from 'lucide-react/icons/circle-slash';
import { kitIcon } from './kitIcon';

export const IconCancelled = /* @__PURE__ */ kitIcon(CircleSlash);
