import AtTimeline from 'taro-ui/lib/components/timeline';
import './index.scss';

export interface TimelineEvent {
  /** What happened, in the words the customer reads. */
  title: string;
  /** Lines under it (a note, a tracking number); empty ones are dropped. */
  details?: string[];
  /** When, already formatted in China time. */
  time: string;
}

interface EventTimelineProps {
  /** Newest first: the first one is drawn as where things stand now. */
  events: TimelineEvent[];
  className?: string;
}

/**
 * A vertical timeline of what happened (after-sales decisions, parcel scans): taro-ui's AtTimeline in the
 * theme's colours, the newest event bold with a filled dot, older ones quieter, each with its time under it.
 */
export default function EventTimeline({ events, className = '' }: EventTimelineProps) {
  const items = events.map((e, i) => ({
    title: e.title,
    content: [...(e.details ?? []).filter(Boolean), e.time],
    color: i === 0 ? 'green' : undefined,
  }));
  return <AtTimeline className={`sf-timeline ${className}`} items={items} />;
}
