import Sparkles from 'lucide-react/icons/sparkles';
import { kitIcon } from './kitIcon';

export const IconThinking = /* @__PURE__ */ kitIcon(Sparkles);
