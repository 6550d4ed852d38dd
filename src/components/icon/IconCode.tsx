import FileCode from 'lucide-react/icons/file-code';
import { kitIcon } from './kitIcon';

export const IconCode = /* @__PURE__ */ kitIcon(FileCode);
