import Copy from 'lucide-react/icons/copy';
import { kitIcon } from './kitIcon';

export const IconCopy = /* @__PURE__ */ kitIcon(Copy);
