/** The operator's name in the header, with 修改密码 and 退出登录. */
import type { ReactNode } from 'react';
import { LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../api/operators';
import { useSession } from '../session/session-context';

export function UserMenu({ children }: { children: ReactNode }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const onClick = async ({ key }: { key: string }) => {
    if (key === 'password') return navigate('/password');
    // The server ends the session; the console forgets it even when the server cannot be reached. To the login
    // page first: a page left without a session would otherwise be remembered as the one to come back to.
    await logout().catch(() => undefined);
    navigate('/login', { replace: true });
    signOut(null);
  };
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'password', icon: <LockOutlined />, label: '修改密码' },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
        ],
        onClick: (info) => void onClick(info),
      }}
    >
      <span className="sf-admin-user" style={{ cursor: 'pointer' }}>
        {children}
      </span>
    </Dropdown>
  );
}
