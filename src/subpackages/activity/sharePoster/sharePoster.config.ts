export default definePageConfig({ navigationBarTitleText: '分享海报' });
