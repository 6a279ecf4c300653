import { observer } from 'mobx-react-lite';
import type { ActivityCard as Card, JumpContent, ModuleItem, PageModule } from '@contract/pages';
import { detailJumpEnum } from '../../domain/catalogue';
import { resolveJump } from '../../domain/jump';
import { ROUTES } from '../../domain/routes';
import { assetUrl } from '../../api/asset';
import { followJump, openPage } from '../../platform/navigation';
import { useStores } from '../../stores';
import { Image } from '@tarojs/components';
import ActivityCard from '../activity-card';
import Box from '../box';
import { imgAlt } from '../../platform/a11y';
import Slides from '../slides';
import './index.scss';

interface PageModulesProps {
  /** The modules of one configured page, in order. */
  modules: PageModule[];
}

/** Renders the modules the server configures for a home tab or a custom page. */
function PageModules({ modules }: PageModulesProps) {
  const { session } = useStores();
  const go = (jump: JumpContent) => void followJump(resolveJump(jump, session.tabList));
  const openCard = (card: Card) =>
    void followJump(resolveJump({ firstEnum: detailJumpEnum(card.actType), targetSn: card.actSn }, session.tabList));

  return (
    <Box className="sf-modules">
      {modules.map((m) => {
        switch (m.moduleType) {
          case 'BANNER':
            return <Banner key={m.moduleSn} items={m.items} onJump={go} />;
          case 'IMAGE_TEXT':
            return <ImageText key={m.moduleSn} title={m.title} items={m.items} onJump={go} />;
          case 'NOTICE':
            return <Notice key={m.moduleSn} items={m.items} onJump={go} />;
          default:
            return (
              <Box key={m.moduleSn} className="sf-column" data-module={m.moduleType}>
                <Box className="sf-column__head">
                  <Box className="sf-section-title">{m.title}</Box>
                  {m.hasMore && m.columnSn ? (
                    <Box
                      className="sf-column__more"
                      onClick={() => void openPage(ROUTES.moreActivity, { targetSn: m.columnSn })}
                    >
                      更多 ›
                    </Box>
                  ) : null}
                </Box>
                {m.cards.map((card) => (
                  <ActivityCard key={card.actSn} card={card} onClick={openCard} />
                ))}
              </Box>
            );
        }
      })}
    </Box>
  );
}

function Banner({ items, onJump }: { items: ModuleItem[]; onJump: (j: JumpContent) => void }) {
  return (
    <Slides
      className="sf-banner"
      imageClassName="sf-banner__img"
      autoplay
      slides={items.map((item) => ({
        key: item.itemSn,
        src: assetUrl(item.image),
        alt: item.title || '活动图片',
        jump: item.jumpContent.firstEnum,
        onClick: () => onJump(item.jumpContent),
      }))}
    />
  );
}

function ImageText({
  title,
  items,
  onJump,
}: {
  title: string | null;
  items: ModuleItem[];
  onJump: (j: JumpContent) => void;
}) {
  return (
    <Box className="sf-image-text">
      {title ? <Box className="sf-section-title">{title}</Box> : null}
      <Box className="sf-image-text__grid">
        {items.map((item) => (
          <Box
            key={item.itemSn}
            className="sf-image-text__item"
            data-jump={item.jumpContent.firstEnum}
            onClick={() => onJump(item.jumpContent)}
          >
            {item.image ? (
              <Image className="sf-image-text__img" src={assetUrl(item.image)} mode="aspectFill" {...imgAlt('')} />
            ) : null}
            <Box className="sf-image-text__title">{item.title}</Box>
            {item.text ? <Box className="sf-image-text__text">{item.text}</Box> : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Notice({ items, onJump }: { items: ModuleItem[]; onJump: (j: JumpContent) => void }) {
  if (!items.length) return null;
  return (
    <Box className="sf-notice">
      {items.map((item) => (
        <Box key={item.itemSn} className="sf-notice__item" onClick={() => onJump(item.jumpContent)}>
          {item.title || item.text}
        </Box>
      ))}
    </Box>
  );
}

export default observer(PageModules);
