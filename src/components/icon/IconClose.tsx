import X from 'lucide-react/icons/x';
import { kitIcon } from './kitIcon';

export const IconClose = /* @__PURE__ */ kitIcon(X);
