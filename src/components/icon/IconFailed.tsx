import CircleX from 'lucide-react/icons/circle-x';
import { kitIcon } from './kitIcon';

export const IconFailed = /* @__PURE__ */ kitIcon(CircleX);
