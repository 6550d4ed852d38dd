import CircleHelp from 'lucide-react/icons/circle-help';
import { kitIcon } from './kitIcon';

export const IconUnknown = /* @__PURE__ */ kitIcon(CircleHelp);
