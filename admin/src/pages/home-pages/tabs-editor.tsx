/**
 * 底部导航: the four configurable home tabs (§2: the fifth, 我的, is fixed): each one's name and the page it shows,
 * its own or a custom page of the project (the page it showed before stays, as a custom page).
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Input, Select, Table } from 'antd';
import { opsTabBody } from '@contract/ops-pages';
import { messageOf } from '../../api/client';
import { listPages, listTabs, updateTab, type OpsPage, type OpsTab } from '../../api/home-pages';
import { zodMessage } from '../../forms/zod-rule';

interface Draft {
  title: string;
  pageSn: string;
}

export function TabsEditor({ projectSn, canWrite }: { projectSn: string; canWrite: boolean }) {
  const { message } = App.useApp();
  const [tabs, setTabs] = useState<OpsTab[]>([]);
  const [pages, setPages] = useState<OpsPage[]>([]);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});

  const load = useCallback(async () => {
    try {
      const [t, p] = await Promise.all([listTabs(projectSn), listPages(projectSn)]);
      setTabs(t);
      setPages(p);
      setDrafts(Object.fromEntries(t.map((tab) => [tab.tabIndex, { title: tab.title, pageSn: tab.pageSn ?? '' }])));
    } catch (e) {
      message.error(messageOf(e));
    }
  }, [projectSn, message]);
  useEffect(() => void load(), [load]);

  const save = async (tab: OpsTab) => {
    const draft = drafts[tab.tabIndex];
    const body = { projectSn, ...draft };
    const refusal = zodMessage(opsTabBody, body);
    setErrors((e) => ({ ...e, [tab.tabIndex]: refusal ?? '' }));
    if (refusal) return;
    try {
      await updateTab(tab.tabIndex, opsTabBody.parse(body));
      message.success(`底部导航${tab.tabIndex + 1}已保存`);
      await load();
    } catch (e) {
      setErrors((all) => ({ ...all, [tab.tabIndex]: messageOf(e) }));
    }
  };

  const edit = (tabIndex: number, patch: Partial<Draft>) =>
    setDrafts((d) => ({ ...d, [tabIndex]: { ...d[tabIndex], ...patch } }));

  return (
    <Table<OpsTab>
      rowKey="tabIndex"
      pagination={false}
      dataSource={tabs}
      columns={[
        { title: '位置', dataIndex: 'tabIndex', width: 90, render: (i: number) => `底部导航${i + 1}` },
        {
          title: '导航名称',
          render: (_, tab) => (
            <>
              <Input
                style={{ width: 160 }}
                value={drafts[tab.tabIndex]?.title}
                maxLength={12}
                disabled={!canWrite}
                status={errors[tab.tabIndex] ? 'error' : undefined}
                onChange={(e) => edit(tab.tabIndex, { title: e.target.value })}
                aria-label={`底部导航${tab.tabIndex + 1}名称`}
              />
              {errors[tab.tabIndex] ? <div style={{ color: '#ff4d4f' }}>{errors[tab.tabIndex]}</div> : null}
            </>
          ),
        },
        {
          title: '显示的页面',
          render: (_, tab) => (
            <Select
              style={{ width: 260 }}
              disabled={!canWrite}
              value={drafts[tab.tabIndex]?.pageSn}
              onChange={(pageSn: string) => edit(tab.tabIndex, { pageSn })}
              // Its own page, or a custom page (another tab's page is not offered: each tab shows its own).
              options={pages
                .filter((p) => p.pageSn === tab.pageSn || p.tabIndex === null)
                .map((p) => ({ value: p.pageSn, label: p.tabIndex === null ? `自定义页面 · ${p.title}` : p.title }))}
            />
          ),
        },
        {
          title: '操作',
          width: 90,
          render: (_, tab) =>
            canWrite ? (
              <Button type="link" onClick={() => void save(tab)}>
                保存
              </Button>
            ) : null,
        },
      ]}
      footer={() => '第五个底部导航「我的」为个人中心，不可修改。'}
    />
  );
}
