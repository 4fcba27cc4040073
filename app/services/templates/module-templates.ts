/**
 * The built-in module templates (/api/module/get-template-menu, choose-template): a module with its
 * categories and links, added to a homepage in one step. Plain data, isomorphic: the menu is drawn
 * from it and the service copies it. Every name, icon and address passes the same schemas as the
 * add-module, add-category and link forms (module-templates.server.test.ts checks it).
 */

/** [name, address, note] */
export type TemplateLink = readonly [name: string, url: string, note?: string]
export type TemplateCategory = { name: string; icon: string; color: string; links: readonly TemplateLink[] }
export type ModuleTemplate = {
  /** Stable: clients send it as `moduleId` to choose-template. */
  id: number
  name: string
  icon: string
  summary: string
  categories: readonly TemplateCategory[]
}

export const MODULE_TEMPLATES: readonly ModuleTemplate[] = [
  {
    id: 1,
    name: '常用',
    icon: 'tabler:star',
    summary: '搜索、视频、购物和社区，每天都会打开的网站',
    categories: [
      {
        name: '搜索',
        icon: 'tabler:search',
        color: '#3b7ddd',
        links: [
          ['百度', 'https://www.baidu.com/', '搜索引擎'],
          ['必应', 'https://cn.bing.com/', '微软搜索'],
          ['搜狗搜索', 'https://www.sogou.com/'],
          ['360搜索', 'https://www.so.com/'],
          ['百度百科', 'https://baike.baidu.com/'],
        ],
      },
      {
        name: '视频',
        icon: 'tabler:video',
        color: '#e0464e',
        links: [
          ['哔哩哔哩', 'https://www.bilibili.com/', '视频弹幕网站'],
          ['腾讯视频', 'https://v.qq.com/'],
          ['爱奇艺', 'https://www.iqiyi.com/'],
          ['优酷', 'https://www.youku.com/'],
          ['芒果TV', 'https://www.mgtv.com/'],
          ['抖音', 'https://www.douyin.com/'],
        ],
      },
      {
        name: '购物',
        icon: 'tabler:shopping-cart',
        color: '#f5a623',
        links: [
          ['淘宝', 'https://www.taobao.com/'],
          ['天猫', 'https://www.tmall.com/'],
          ['京东', 'https://www.jd.com/'],
          ['拼多多', 'https://www.pinduoduo.com/'],
          ['当当', 'https://www.dangdang.com/', '图书'],
        ],
      },
      {
        name: '社区',
        icon: 'tabler:message-circle',
        color: '#16a085',
        links: [
          ['微博', 'https://weibo.com/'],
          ['知乎', 'https://www.zhihu.com/', '问答社区'],
          ['豆瓣', 'https://www.douban.com/', '书影音'],
          ['小红书', 'https://www.xiaohongshu.com/'],
          ['百度贴吧', 'https://tieba.baidu.com/'],
          ['虎扑', 'https://www.hupu.com/'],
        ],
      },
    ],
  },
  {
    id: 2,
    name: '新闻',
    icon: 'tabler:news',
    summary: '综合新闻、科技资讯和财经动态',
    categories: [
      {
        name: '综合',
        icon: 'tabler:world',
        color: '#e0464e',
        links: [
          ['新华网', 'https://www.news.cn/'],
          ['央视网', 'https://www.cctv.com/'],
          ['澎湃新闻', 'https://www.thepaper.cn/'],
          ['中国新闻网', 'https://www.chinanews.com.cn/'],
          ['网易新闻', 'https://news.163.com/'],
          ['腾讯新闻', 'https://news.qq.com/'],
          ['新浪新闻', 'https://news.sina.com.cn/'],
          ['凤凰网', 'https://www.ifeng.com/'],
        ],
      },
      {
        name: '科技',
        icon: 'tabler:cpu',
        color: '#3b7ddd',
        links: [
          ['36氪', 'https://36kr.com/', '科技创投'],
          ['少数派', 'https://sspai.com/', '数字生活'],
          ['虎嗅', 'https://www.huxiu.com/'],
          ['IT之家', 'https://www.ithome.com/'],
          ['爱范儿', 'https://www.ifanr.com/'],
          ['极客公园', 'https://www.geekpark.net/'],
        ],
      },
      {
        name: '财经',
        icon: 'tabler:chart-line',
        color: '#27ae60',
        links: [
          ['财新网', 'https://www.caixin.com/'],
          ['第一财经', 'https://www.yicai.com/'],
          ['华尔街见闻', 'https://wallstreetcn.com/'],
          ['东方财富', 'https://www.eastmoney.com/'],
          ['雪球', 'https://xueqiu.com/', '投资社区'],
          ['新浪财经', 'https://finance.sina.com.cn/'],
        ],
      },
    ],
  },
  {
    id: 3,
    name: '开发',
    icon: 'tabler:code',
    summary: '代码托管、开发文档、技术社区和常用工具',
    categories: [
      {
        name: '代码托管',
        icon: 'tabler:git-branch',
        color: '#24292f',
        links: [
          ['GitHub', 'https://github.com/'],
          ['Gitee', 'https://gitee.com/', '码云'],
          ['GitLab', 'https://gitlab.com/'],
          ['Bitbucket', 'https://bitbucket.org/'],
        ],
      },
      {
        name: '文档',
        icon: 'tabler:book',
        color: '#3b7ddd',
        links: [
          ['MDN 中文文档', 'https://developer.mozilla.org/zh-CN/'],
          ['菜鸟教程', 'https://www.runoob.com/'],
          ['DevDocs', 'https://devdocs.io/', 'API 文档合集'],
          ['Can I use', 'https://caniuse.com/', '浏览器兼容性'],
          ['React 中文', 'https://zh-hans.react.dev/'],
          ['Vue.js 中文', 'https://cn.vuejs.org/'],
        ],
      },
      {
        name: '技术社区',
        icon: 'tabler:users',
        color: '#9b59b6',
        links: [
          ['Stack Overflow', 'https://stackoverflow.com/'],
          ['掘金', 'https://juejin.cn/'],
          ['V2EX', 'https://www.v2ex.com/'],
          ['SegmentFault', 'https://segmentfault.com/', '思否'],
          ['博客园', 'https://www.cnblogs.com/'],
          ['CSDN', 'https://www.csdn.net/'],
          ['Hacker News', 'https://news.ycombinator.com/'],
        ],
      },
      {
        name: '开发工具',
        icon: 'tabler:tool',
        color: '#16a085',
        links: [
          ['npm', 'https://www.npmjs.com/'],
          ['Docker Hub', 'https://hub.docker.com/'],
          ['regex101', 'https://regex101.com/', '正则表达式测试'],
          ['Postman', 'https://www.postman.com/'],
          ['Vercel', 'https://vercel.com/'],
        ],
      },
    ],
  },
  {
    id: 4,
    name: '设计',
    icon: 'tabler:palette',
    summary: '设计灵感、图片图标素材和在线设计工具',
    categories: [
      {
        name: '灵感',
        icon: 'tabler:bulb',
        color: '#f5a623',
        links: [
          ['站酷', 'https://www.zcool.com.cn/', '设计师社区'],
          ['花瓣', 'https://huaban.com/'],
          ['UI中国', 'https://www.ui.cn/'],
          ['优设网', 'https://www.uisdc.com/'],
          ['Dribbble', 'https://dribbble.com/'],
          ['Behance', 'https://www.behance.net/'],
          ['Pinterest', 'https://www.pinterest.com/'],
        ],
      },
      {
        name: '素材',
        icon: 'tabler:photo',
        color: '#e0464e',
        links: [
          ['Unsplash', 'https://unsplash.com/', '免费图片'],
          ['Pexels', 'https://www.pexels.com/', '免费图片和视频'],
          ['iconfont', 'https://www.iconfont.cn/', '阿里图标库'],
          ['Google Fonts', 'https://fonts.google.com/'],
          ['Coolors', 'https://coolors.co/', '配色'],
        ],
      },
      {
        name: '设计工具',
        icon: 'tabler:brush',
        color: '#9b59b6',
        links: [
          ['Figma', 'https://www.figma.com/'],
          ['即时设计', 'https://js.design/'],
          ['MasterGo', 'https://mastergo.com/'],
          ['Canva可画', 'https://www.canva.cn/'],
          ['稿定设计', 'https://www.gaoding.com/'],
          ['TinyPNG', 'https://tinypng.com/', '图片压缩'],
        ],
      },
    ],
  },
  {
    id: 5,
    name: '学习',
    icon: 'tabler:school',
    summary: '公开课、百科与读书、外语和翻译',
    categories: [
      {
        name: '公开课',
        icon: 'tabler:certificate',
        color: '#27ae60',
        links: [
          ['中国大学MOOC', 'https://www.icourse163.org/'],
          ['学堂在线', 'https://www.xuetangx.com/'],
          ['网易公开课', 'https://open.163.com/'],
          ['Coursera', 'https://www.coursera.org/'],
          ['edX', 'https://www.edx.org/'],
          ['可汗学院', 'https://www.khanacademy.org/'],
        ],
      },
      {
        name: '百科与读书',
        icon: 'tabler:books',
        color: '#3b7ddd',
        links: [
          ['维基百科', 'https://zh.wikipedia.org/'],
          ['百度百科', 'https://baike.baidu.com/'],
          ['中国知网', 'https://www.cnki.net/'],
          ['国家图书馆', 'https://www.nlc.cn/'],
          ['豆瓣读书', 'https://book.douban.com/'],
          ['微信读书', 'https://weread.qq.com/'],
        ],
      },
      {
        name: '外语',
        icon: 'tabler:language',
        color: '#e67e22',
        links: [
          ['有道词典', 'https://dict.youdao.com/'],
          ['百度翻译', 'https://fanyi.baidu.com/'],
          ['DeepL 翻译', 'https://www.deepl.com/translator'],
          ['欧路词典', 'https://dict.eudic.net/'],
          ['剑桥词典', 'https://dictionary.cambridge.org/zh-hans/'],
          ['多邻国', 'https://www.duolingo.com/'],
        ],
      },
    ],
  },
  {
    id: 6,
    name: '工具',
    icon: 'tabler:tools',
    summary: '网盘与在线文档、地图出行和日常小工具',
    categories: [
      {
        name: '网盘与文档',
        icon: 'tabler:cloud',
        color: '#3b7ddd',
        links: [
          ['百度网盘', 'https://pan.baidu.com/'],
          ['阿里云盘', 'https://www.alipan.com/'],
          ['腾讯文档', 'https://docs.qq.com/'],
          ['石墨文档', 'https://shimo.im/'],
          ['飞书', 'https://www.feishu.cn/'],
          ['语雀', 'https://www.yuque.com/'],
        ],
      },
      {
        name: '出行与生活',
        icon: 'tabler:map-pin',
        color: '#16a085',
        links: [
          ['中国铁路12306', 'https://www.12306.cn/'],
          ['高德地图', 'https://www.amap.com/'],
          ['百度地图', 'https://map.baidu.com/'],
          ['中国天气网', 'https://www.weather.com.cn/'],
        ],
      },
      {
        name: '小工具',
        icon: 'tabler:tool',
        color: '#9b59b6',
        links: [
          ['草料二维码', 'https://cli.im/', '二维码生成'],
          ['快递100', 'https://www.kuaidi100.com/', '快递查询'],
          ['ProcessOn', 'https://www.processon.com/', '在线流程图'],
          ['iLovePDF', 'https://www.ilovepdf.com/zh-cn', 'PDF 转换'],
          ['Speedtest', 'https://www.speedtest.net/', '网速测试'],
        ],
      },
    ],
  },
]
