import CircleAlert from 'lucide-react/icons/circle-alert';
import { kitIcon } from './kitIcon';

export const IconAlert = /* @__PURE__ */ kitIcon(CircleAlert);
