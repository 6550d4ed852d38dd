import Route from 'lucide-react/icons/route';
import { kitIcon } from './kitIcon';

export const IconRouting = /* @__PURE__ */ kitIcon(Route);
