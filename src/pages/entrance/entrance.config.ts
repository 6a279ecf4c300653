export default definePageConfig({ navigationBarTitleText: '入口' });
