import Image from 'lucide-react/icons/image';
import { kitIcon } from './kitIcon';

export const IconImage = /* @__PURE__ */ kitIcon(Image);
