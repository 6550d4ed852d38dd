import CircleDashed from 'lucide-react/icons/circle-dashed';
import { kitIcon } from './kitIcon';

export const IconPending = /* @__PURE__ */ kitIcon(CircleDashed);
