import { Drawer } from 'antd';
import { useMessages } from '@client/shared/i18n';
import { shellMessages } from '@client/app/messages';
import { Sidebar } from '../Sidebar';

/** Below lg: the left menu in a drawer behind the menu button. */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const m = useMessages(shellMessages);
  return (
    <Drawer
      open={open}
      placement="left"
      size={300}
      title={m.mainMenu}
      onClose={onClose}
      className="mc-menu-drawer"
      data-testid="menu-drawer"
    >
      <Sidebar />
    </Drawer>
  );
}
