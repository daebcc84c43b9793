// Writes the footer's and quick panel's QR codes into public/qr/ (committed; run again when a link changes):
//   node scripts/make-qr.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const codes = {
  app: 'https://member-center.example.com/app/download',
  wechat: 'https://member-center.example.com/follow/wechat',
  weibo: 'https://member-center.example.com/follow/weibo',
};
for (const [name, url] of Object.entries(codes)) {
  const file = path.join(root, 'public', 'qr', `${name}.png`);
  await QRCode.toFile(file, url, {
    type: 'png',
    width: 160,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b2a5bff', light: '#ffffffff' },
  });
  console.log('wrote', path.relative(root, file));
}
