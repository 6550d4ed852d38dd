import ArrowUp from 'lucide-react/icons/arrow-up';
import { kitIcon } from './kitIcon';

export const IconSend = /* @__PURE__ */ kitIcon(ArrowUp);
