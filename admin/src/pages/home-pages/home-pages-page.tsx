/**
 * 页面装修: the current project's pages (its four home tabs and custom pages) and their modules, beside a phone-sized
 * preview of the page; 底部导航 (the four tabs' names and pages), 栏目 (columns and their items) and 流量链接 (traffic
 * links) in tabs of the same page. Every change goes to /ops and is seen by the storefront at once (the server
 * drops its read caches).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  List,
  Popconfirm,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { MODULE_TYPE_NAMES, opsPageCreateBody } from '@contract/ops-pages';
import { jumpEnumInfo } from '@contract/rules/jump-target';
import { messageOf } from '../../api/client';
import {
  createPage,
  deleteModule,
  deletePage,
  jumpOptions,
  listModules,
  listPages,
  renamePage,
  reorderModules,
  type OpsJumpOptions,
  type OpsModule,
  type OpsPage,
} from '../../api/home-pages';
import { zodMessage } from '../../forms/zod-rule';
import { useProjects } from '../../projects/project-context';
import { mayAccess } from '@contract/rules/operator-roles';
import { useOperator } from '../../session/session-context';
import { ModuleForm } from './module-form';
import { PreviewFrame, previewUrl } from './preview-frame';
import { TabsEditor } from './tabs-editor';

// The 栏目 tab's editor loads when the tab is first shown: the page itself stays inside its first-load budget.
const ColumnsEditor = lazy(() => import('./columns-editor').then((m) => ({ default: m.ColumnsEditor })));
import { TrafficLinks } from './traffic-links';

const TAB_NAMES = ['底部导航1', '底部导航2', '底部导航3', '底部导航4'];
export const pageLabel = (p: OpsPage) =>
  p.tabIndex !== null ? `${TAB_NAMES[p.tabIndex]} · ${p.title}` : `自定义页面 · ${p.title}`;

/** One line about a module: its type, title and what it holds. */
function describe(m: OpsModule): string {
  const type = MODULE_TYPE_NAMES[m.moduleType];
  if (m.columnSn) return `${type}${m.title ? `「${m.title}」` : ''} · 栏目 ${m.columnSn}`;
  const jumps = m.items.map((i) => jumpEnumInfo(i.jumpContent.firstEnum)?.label ?? i.jumpContent.firstEnum);
  return `${type}${m.title ? `「${m.title}」` : ''} · ${m.items.length}项（${[...new Set(jumps)].join('、')}）`;
}

function PageEditor({ projectSn, canWrite }: { projectSn: string; canWrite: boolean }) {
  const { message } = App.useApp();
  const [pages, setPages] = useState<OpsPage[]>([]);
  const [pageSn, setPageSn] = useState<string | null>(null);
  const [modules, setModules] = useState<OpsModule[]>([]);
  const [options, setOptions] = useState<OpsJumpOptions | null>(null);
  const [editing, setEditing] = useState<OpsModule | 'new' | null>(null);
  const [version, setVersion] = useState(1);
  const [newTitle, setNewTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const loadPages = useCallback(async () => {
    try {
      const list = await listPages(projectSn);
      setPages(list);
      setPageSn((sn) => (sn && list.some((p) => p.pageSn === sn) ? sn : (list[0]?.pageSn ?? null)));
    } catch (e) {
      message.error(messageOf(e));
    }
  }, [projectSn, message]);

  const loadModules = useCallback(async () => {
    if (!pageSn) return setModules([]);
    try {
      setModules((await listModules(pageSn)).list);
    } catch (e) {
      message.error(messageOf(e));
    }
  }, [pageSn, message]);

  useEffect(() => {
    setPageSn(null);
    setOptions(null);
    void loadPages();
    jumpOptions(projectSn)
      .then(setOptions)
      .catch((e: unknown) => message.error(messageOf(e)));
  }, [projectSn, loadPages, message]);
  useEffect(() => void loadModules(), [loadModules]);

  const page = pages.find((p) => p.pageSn === pageSn) ?? null;
  const changed = async () => {
    await Promise.all([loadModules(), loadPages()]);
    setVersion((v) => v + 1);
  };

  const move = async (i: number, by: -1 | 1) => {
    if (!pageSn) return;
    const order = modules.map((m) => m.moduleSn);
    [order[i], order[i + by]] = [order[i + by], order[i]];
    setBusy(true);
    try {
      await reorderModules(pageSn, order);
      message.success('顺序已保存');
      await changed();
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (m: OpsModule) => {
    try {
      await deleteModule(m.moduleSn);
      message.success('模块已删除');
      await changed();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const addPage = async () => {
    const refusal = zodMessage(opsPageCreateBody, { projectSn, title: newTitle });
    if (refusal) return void message.error(refusal);
    try {
      const made = await createPage(projectSn, newTitle.trim());
      setNewTitle('');
      message.success(`页面「${made.title}」已创建`);
      await loadPages();
      setPageSn(made.pageSn);
      // A new page is a jump target of its own.
      setOptions(await jumpOptions(projectSn));
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const rename = async (title: string) => {
    if (!page || title.trim() === page.title) return;
    try {
      await renamePage(page.pageSn, title.trim());
      message.success('页面名称已保存');
      await changed();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const dropPage = async () => {
    if (!page) return;
    try {
      await deletePage(page.pageSn);
      message.success(`页面「${page.title}」已删除`);
      setPageSn(null);
      await loadPages();
      setOptions(await jumpOptions(projectSn));
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  return (
    <Row gutter={24} wrap={false}>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Space wrap>
            <span>页面：</span>
            <Select
              style={{ width: 320 }}
              value={pageSn ?? undefined}
              onChange={setPageSn}
              options={pages.map((p) => ({ value: p.pageSn, label: `${pageLabel(p)}（${p.moduleCount}个模块）` }))}
              data-testid="page-select"
            />
            {canWrite ? (
              <>
                <Input
                  style={{ width: 180 }}
                  placeholder="新页面名称"
                  value={newTitle}
                  maxLength={20}
                  onChange={(e) => setNewTitle(e.target.value)}
                />
                <Button icon={<PlusOutlined />} onClick={() => void addPage()}>
                  新建自定义页面
                </Button>
              </>
            ) : null}
          </Space>
          {page && canWrite ? (
            <Space style={{ marginTop: 12 }} wrap>
              <span>页面名称：</span>
              <Typography.Text editable={{ onChange: (t) => void rename(t), maxLength: 20 }}>
                {page.title}
              </Typography.Text>
              {page.tabIndex === null ? (
                <Popconfirm
                  title={`删除页面「${page.title}」？`}
                  description="页面和它的模块都会删除；仍有跳转指向它时不能删除"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => void dropPage()}
                >
                  <Button danger size="small">
                    删除页面
                  </Button>
                </Popconfirm>
              ) : (
                <Tag>底部导航页面</Tag>
              )}
            </Space>
          ) : null}
        </Card>
        <Card
          size="small"
          title="模块"
          extra={
            canWrite && page ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                添加模块
              </Button>
            ) : null
          }
        >
          <List
            data-testid="module-list"
            dataSource={modules}
            locale={{ emptyText: <Empty description="这个页面还没有模块" /> }}
            renderItem={(m, i) => (
              <List.Item
                data-testid="module-row"
                actions={
                  canWrite
                    ? [
                        <Button
                          key="up"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          disabled={busy || i === 0}
                          aria-label="上移"
                          onClick={() => void move(i, -1)}
                        />,
                        <Button
                          key="down"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          disabled={busy || i === modules.length - 1}
                          aria-label="下移"
                          onClick={() => void move(i, 1)}
                        />,
                        <a key="edit" onClick={() => setEditing(m)}>
                          编辑
                        </a>,
                        <Popconfirm
                          key="delete"
                          title="删除这个模块？"
                          okText="删除"
                          cancelText="取消"
                          onConfirm={() => void remove(m)}
                        >
                          <a>删除</a>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={`${i + 1}. ${MODULE_TYPE_NAMES[m.moduleType]}${m.title ? `：${m.title}` : ''}`}
                  description={describe(m)}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col flex="none">{page ? <PreviewFrame src={previewUrl(projectSn, page, version)} /> : null}</Col>
      {editing && pageSn ? (
        <ModuleForm
          pageSn={pageSn}
          module={editing === 'new' ? null : editing}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void changed();
          }}
        />
      ) : null}
    </Row>
  );
}

export default function HomePagesPage() {
  const { current } = useProjects();
  const operator = useOperator();
  const canWrite = mayAccess(operator.role, 'pages', 'write');
  if (!current) return <Empty style={{ marginTop: 80 }} description="没有可管理的项目" />;
  const projectSn = current.projectSn;
  return (
    <Card title={`页面装修 · ${current.name}`} data-testid="home-pages">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'pages',
            label: '页面与模块',
            children: <PageEditor key={projectSn} projectSn={projectSn} canWrite={canWrite} />,
          },
          {
            key: 'tabs',
            label: '底部导航',
            children: <TabsEditor key={projectSn} projectSn={projectSn} canWrite={canWrite} />,
          },
          {
            key: 'columns',
            label: '栏目',
            children: (
              <Suspense fallback={<Spin style={{ display: 'block' }} />}>
                <ColumnsEditor key={projectSn} projectSn={projectSn} canWrite={canWrite} />
              </Suspense>
            ),
          },
          {
            key: 'links',
            label: '流量链接',
            children: <TrafficLinks key={projectSn} projectSn={projectSn} canWrite={canWrite} />,
          },
        ]}
      />
    </Card>
  );
}
