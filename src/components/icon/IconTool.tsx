import Wrench from 'lucide-react/icons/wrench';
import { kitIcon } from './kitIcon';

export const IconTool = /* @__PURE__ */ kitIcon(Wrench);
