import HomeTab from '../../components/home-tab';

/** Home tab 2 of 4 (§2): the page the project's menu configures at position 1. */
export default function Page() {
  return <HomeTab tabIndex={1} />;
}
