import ChevronRight from 'lucide-react/icons/chevron-right';
import { kitIcon } from './kitIcon';

export const IconChevron = /* @__PURE__ */ kitIcon(ChevronRight);
